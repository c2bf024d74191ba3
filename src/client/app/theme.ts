import { createTheme } from '@mantine/core';
import { BREAKPOINTS, OVERLAY_Z_INDEX } from '@shared/constants';

const em = (px: number) => `${px / 16}em`;
const DATE_FORMAT = 'YYYY-MM-DD';
const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Water blues; breakpoints of spec §9 (Mantine has no xxl, so it stops at xl). */
export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  breakpoints: { xs: em(BREAKPOINTS.sm), sm: em(BREAKPOINTS.md), md: em(BREAKPOINTS.lg), lg: em(BREAKPOINTS.xl), xl: em(BREAKPOINTS.xxl) },
  components: {
    // A badge's word is never cut: Mantine lets its label shrink to nothing (overflow hidden in a grid),
    // so a table squeezing its columns showed "OFFL…" and "NOR…"; now the column keeps the badge's width.
    // A plain object, not Badge.extend(): importing Badge here put the shell's component chunk in the
    // sign-in page's download.
    Badge: { styles: { label: { minWidth: 'max-content' } } },
    // Every floating layer above the dialogs: Mantine's default (300) sat under our dialog stack
    // (MODAL_BASE_Z_INDEX, 2000 up), so a Select, MultiSelect, date or time picker or menu opened
    // inside a dialog drew behind it and only blind keyboard entry worked. Combobox (Select,
    // MultiSelect, Autocomplete), Menu, HoverCard and the date pickers all render through Popover.
    Popover: { defaultProps: { zIndex: OVERLAY_Z_INDEX } },
    Tooltip: { defaultProps: { zIndex: OVERLAY_Z_INDEX } },
    // Dates as the lists show them (YYYY-MM-DD, 24-hour) in both languages, where a field names no
    // format of its own; plain objects, so the theme does not pull the date components into the shell.
    // A date-time's time is picked with the mouse too: its hours, minutes (and seconds) as columns
    // in a dropdown, kept inside the picker's own (a portalled one would count as a click outside it
    // and close the picker); without it the time could only be typed.
    DateTimePicker: { defaultProps: { valueFormat: DATE_TIME_FORMAT, timePickerProps: { withDropdown: true, popoverProps: { withinPortal: false } } } },
    DateInput: { defaultProps: { valueFormat: DATE_FORMAT } },
    DatePickerInput: { defaultProps: { valueFormat: DATE_FORMAT } },
  },
});
