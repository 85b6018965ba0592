import { createContext, useContext, useState, type ReactNode } from 'react';
import { UserDetailsDialog } from './UserDetailsDialog';

/** Opens the user details dialog from a grid cell; WithUserDetails provides it. */
const OpenUserDetails = createContext<((userId: string) => void) | null>(null);

export const useOpenUserDetails = () => useContext(OpenUserDetails);

/** Lets the cells below open one user's details; `onChanged` runs after a flag or unflag there. */
export function WithUserDetails({ onChanged, children }: { onChanged: () => void; children: ReactNode }) {
  const [userId, setUserId] = useState<string | null>(null);
  return (
    <OpenUserDetails.Provider value={setUserId}>
      {children}
      <UserDetailsDialog userId={userId} onClose={() => setUserId(null)} onChanged={onChanged} />
    </OpenUserDetails.Provider>
  );
}
