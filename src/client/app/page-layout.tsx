import { Outlet } from 'react-router-dom';
import { Box } from '@mantine/core';

/** /page: the wall layout, full screen without any chrome; each wall scales its own 1920×1080 canvas. */
export default function PageLayout() {
  return (
    <Box pos="fixed" inset={0} style={{ overflow: 'hidden' }}>
      <Outlet />
    </Box>
  );
}
