import {
  IconAddressBook, IconApps, IconBell, IconClockCheck, IconGauge, IconHelp, IconInbox, IconLayoutDashboard, IconMailFast,
  IconReceipt, IconRubberStamp, IconSearch, IconSettings, IconSignature, IconSpeakerphone, IconStack2, IconUser, IconUsers,
} from '@tabler/icons-react';
import type { NavIcon } from './navigation.ts';

export const navIcons: Record<NavIcon, typeof IconUser> = {
  dashboard: IconLayoutDashboard,
  signatures: IconSignature,
  search: IconSearch,
  campaigns: IconSpeakerphone,
  operations: IconStack2,
  mailing: IconMailFast,
  adminDashboard: IconGauge,
  users: IconUsers,
  timestamp: IconClockCheck,
  stamp: IconRubberStamp,
  applications: IconApps,
  phonebook: IconAddressBook,
  billing: IconReceipt,
  settings: IconSettings,
  profile: IconUser,
  notifications: IconBell,
  outbox: IconInbox,
  // The signature icon: one more icon would be one more chunk in the login route's preload table.
  certificate: IconSignature,
  help: IconHelp,
};
