import { createTheme } from '@mantine/core';

/** A calm, dense back-office look: small controls, teal accents, compact tables. */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  fontSizes: { xs: '11px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  components: {
    TextInput: { defaultProps: { size: 'xs' } },
    PasswordInput: { defaultProps: { size: 'xs' } },
    NumberInput: { defaultProps: { size: 'xs' } },
    Select: { defaultProps: { size: 'xs' } },
    MultiSelect: { defaultProps: { size: 'xs' } },
    Button: { defaultProps: { size: 'xs' } },
    Checkbox: { defaultProps: { size: 'xs' } },
    Switch: { defaultProps: { size: 'xs' } },
    Table: { defaultProps: { fz: 'sm', verticalSpacing: 4, horizontalSpacing: 'xs' } },
    Modal: { defaultProps: { size: 'lg' } },
  },
});
