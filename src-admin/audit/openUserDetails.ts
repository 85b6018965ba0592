import { createContext, useContext } from 'react';

/** Opens the user details dialog from a grid cell; the audit list provides it. */
export const OpenUserDetails = createContext<((userId: string) => void) | null>(null);

export const useOpenUserDetails = () => useContext(OpenUserDetails);
