/** The membership page's content: what membership gives, the tiers and their dues, and how to apply. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A membership tier; amounts in HK$ minor units, as all money in the app (docs/ARCHITECTURE.md §5). */
export interface MembershipTier {
  id: 'individual' | 'joint' | 'young' | 'corporate' | 'overseas';
  name: MessageDescriptor;
  /** Who the tier is for, in one sentence. */
  summary: MessageDescriptor;
  annualDues: number;
  entranceFee: number;
}

const hkd = (dollars: number) => dollars * 100;

export const MEMBERSHIP_TIERS: readonly MembershipTier[] = [
  {
    id: 'individual',
    name: msg`Individual`,
    summary: msg`One member, who may bring up to three guests to any of the four venues.`,
    annualDues: hkd(36_000),
    entranceFee: hkd(150_000),
  },
  {
    id: 'joint',
    name: msg`Joint`,
    summary: msg`Two partners in one household, each with full member privileges and their own login.`,
    annualDues: hkd(54_000),
    entranceFee: hkd(180_000),
  },
  {
    id: 'young',
    name: msg`Young Member (under 35)`,
    summary: msg`For members aged 21 to 34. At 35 the membership becomes Individual, and the balance of the entrance fee is paid then.`,
    annualDues: hkd(18_000),
    entranceFee: hkd(50_000),
  },
  {
    id: 'corporate',
    name: msg`Corporate`,
    summary: msg`Two named nominees from one company, billed to one account. Nominees may be changed once a year.`,
    annualDues: hkd(120_000),
    entranceFee: hkd(300_000),
  },
  {
    id: 'overseas',
    name: msg`Overseas`,
    summary: msg`For members whose home is outside Hong Kong, with up to 30 visits a year.`,
    annualDues: hkd(15_000),
    entranceFee: hkd(60_000),
  },
];

/** What membership gives, one line each. */
export const MEMBERSHIP_BENEFITS: readonly MessageDescriptor[] = [
  msg`Priority reservations at Le Clos, Bâtard, Hop Sze and Obe, with tables held back for members every evening.`,
  msg`A club wallet: sign for meals and drinks at every venue, top up by card, and receive a monthly statement of your account.`,
  msg`The Chef's Table at Bâtard: an eight-seat counter facing the kitchen, with a menu cooked in front of you, for members and their guests only.`,
  msg`The Members' Cask Room at Obe: a private room lined with the club's own casks, where members buy into a cask and keep bottles in a numbered locker.`,
  msg`Member evenings through the year: winemaker dinners, whisky masterclasses, and Lunar New Year and Mid-Autumn celebrations.`,
  msg`Reciprocal access to more than thirty private clubs in Asia, Europe and North America.`,
];

/** How to apply, in order. */
export const APPLICATION_STEPS: readonly MessageDescriptor[] = [
  msg`Ask a member to propose you, and a second member to second you. If you do not know a member yet, write to us below and we will invite you for lunch at Le Clos.`,
  msg`Send us the application form with letters from your proposer and seconder. Our membership office then arranges an informal meeting with two members of the committee.`,
  msg`The Membership Committee meets on the first Tuesday of each month. Once you are elected, you pay the entrance fee and the first year's dues, and your member login and wallet are ready within a week.`,
];
