// The toast container alone, as a lazy chunk (ToastHost): importing it from here, not the package's namespace,
// keeps it out of the chunk of notify.ts, which needs only Mantine's notifications store.
export { Notifications as default } from '@mantine/notifications';
