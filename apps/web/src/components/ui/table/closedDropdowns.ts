/**
 * The combobox props of a Select in a list (a row's, the pager's): its dropdown is not in the page until it opens.
 * Mantine keeps a closed Select's dropdown mounted (hidden) by default, and positions it as it mounts: each one a
 * layout read and a second render (floating-ui's flushSync), twenty-one times a page on /leafs (issue 36).
 * Opened, the dropdown is the same.
 */
export const CLOSED_DROPDOWN = { withinPortal: true, keepMounted: false } as const;
