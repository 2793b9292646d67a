/** The set-up pages' reads through the staff API: a venue's floor, its pacing and its turn times, each with versions. */
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { staffSetupKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { staffApi } from '../staff-api';

export type Floor = components['schemas']['Floor'];
export type SetupTable = components['schemas']['SetupTable'];
export type PacingRules = components['schemas']['PacingRules'];
export type TurnTimeRules = components['schemas']['TurnTimeRules'];

export const useFloor = (venueId: string) =>
  useApiQuery(staffSetupKey('floor', venueId), async () => (await unwrap(staffApi.GET('/admin/venue/{venueId}/floor', { params: { path: { venueId } } }))).data, {
    showError: false,
  });

export const usePacing = (venueId: string) =>
  useApiQuery(staffSetupKey('pacing', venueId), async () => (await unwrap(staffApi.GET('/admin/venue/{venueId}/pacing', { params: { path: { venueId } } }))).data, {
    showError: false,
  });

export const useTurnTimes = (venueId: string) =>
  useApiQuery(staffSetupKey('turn-times', venueId), async () => (await unwrap(staffApi.GET('/admin/venue/{venueId}/turn-times', { params: { path: { venueId } } }))).data, {
    showError: false,
  });
