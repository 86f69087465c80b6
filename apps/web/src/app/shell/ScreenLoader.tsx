import { Center, Loader } from '@mantine/core';

/** While a screen's code or translations arrive (first load, or a namespace that was not ready). */
export function ScreenLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}
