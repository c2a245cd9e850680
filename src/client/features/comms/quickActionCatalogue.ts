// The six quick actions of the spec: their labels and icons, in the spec's order.
import {
  IconBattery1,
  IconDoorExit,
  IconMapPin,
  IconShieldCheck,
  IconTarget,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { QUICK_ACTIONS } from '../../../domain/rules';

export type QuickActionName = (typeof QUICK_ACTIONS)[number];

export const QUICK_ACTION_LABELS: Record<QuickActionName, string> = {
  target_spotted: 'Target Spotted',
  request_backup: 'Request Backup',
  mark_location: 'Mark Location',
  area_clear: 'Area Clear',
  low_ammo: 'Low Ammo',
  emergency_exit: 'Emergency Exit',
};

export const QUICK_ACTION_ICONS: Record<QuickActionName, Icon> = {
  target_spotted: IconTarget,
  request_backup: IconUsersGroup,
  mark_location: IconMapPin,
  area_clear: IconShieldCheck,
  low_ammo: IconBattery1,
  emergency_exit: IconDoorExit,
};
