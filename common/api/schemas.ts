/** The contract's schemas by name (generated from openapi.yaml), and the ones every layer speaks of. */
import type { components } from './schema';

export type Schemas = components['schemas'];
/** A reservation as the API answers it: the guest's, the manage link's and staff's reads alike. */
export type Reservation = Schemas['Reservation'];
