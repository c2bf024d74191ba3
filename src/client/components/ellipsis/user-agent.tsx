import { Text, Tooltip } from '@mantine/core';
import { userAgentSummary } from '../../lib/user-agent';

/** "Chrome 142 · Windows 10/11" in a list cell; the whole user-agent string in its tooltip. */
export function UserAgent({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Tooltip label={value} multiline maw="30rem" withinPortal openDelay={0}>
      <Text size="sm" truncate="end">
        {userAgentSummary(value)}
      </Text>
    </Tooltip>
  );
}
