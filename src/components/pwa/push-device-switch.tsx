// Placeholder: helper A's "Push on this device" switch replaces this file (issue 25).
export const PushDeviceSwitch = () => null;
