import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AppBar, UserMenu, useGetIdentity } from 'react-admin';

/**
 * react-admin's user menu, named so that its name holds the words it shows. From the `sm` breakpoint up the
 * menu is a text button with the operator's name, while its stock name is only "Profile": speech input users
 * saying the name they see would miss it. Narrower, it is an icon button and keeps the stock name.
 */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  const showsName = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const name = identity?.fullName;
  return <UserMenu label={showsName && name ? `Profile: ${name}` : 'ra.auth.user_menu'} />;
}

/** react-admin's app bar with the console's user menu. */
export function ConsoleAppBar() {
  return <AppBar userMenu={<ConsoleUserMenu />} />;
}
