import { ZOk, type TDeleteAccountRequest, type TOk } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * DELETE /api/account with the owner's password: the account, its members, faxes and documents go, and so do their
 * sessions. 403 for anyone but the owner; a wrong password is refused with a message to show.
 */
export function deleteAccount(request: TDeleteAccountRequest): Promise<TOk> {
  return apiSend('DELETE', '/account', request, ZOk);
}

/**
 * Deletes the account and leaves for the home page, then forgets the session the server has just ended (announcing
 * SIGNED_OUT here and in the other tabs, which drops the cached data of the person who is gone).
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  const { setSession } = useAuth();
  const deleted = useRef(false);

  // The session is forgotten only once this page has gone (its unmount): the router shows the home page in a
  // transition, and while the settings page is still on screen its guard would send a signed-out person to /sign-in.
  useEffect(
    () => () => {
      if (deleted.current) void setSession(null);
    },
    [setSession],
  );

  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      deleted.current = true;
      await navigate(paths.home.getHref());
    },
  });
}
