/** The waitlist's calls, through the typed API client. */
import type { components } from '../../common/api/schema';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';

export type WaitlistEntry = components['schemas']['WaitlistEntry'];
export type JoinWaitlist = components['schemas']['JoinWaitlist'];


export const fetchWaitlist = () => unwrap(api.GET('/user/waitlist')).then((body) => body.data);

export const joinWaitlist = (body: JoinWaitlist) =>
  unwrap(api.POST('/user/waitlist', { body: { ...body, locale: (document.documentElement.lang || 'en') as never } })).then((b) => b.data);

export const leaveWaitlist = (id: string) =>
  unwrap(api.PUT('/user/waitlist/{id}/leave', { params: { path: { id } } })).then((body) => body.data);

/** Start times a window can be chosen from: every half hour from 6 am to 2 am (after midnight runs past 1440). */
export const WINDOW_TIMES = Array.from({ length: (1560 - 360) / 30 + 1 }, (_, i) => 360 + i * 30);
