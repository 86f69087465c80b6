import { Modal } from '@mantine/core';

/** Mantine's Modal as its own chunk: loaded by LazyModal when a dialog of the signing page first opens. */
export default Modal;
