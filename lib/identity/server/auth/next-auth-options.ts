// Owns the next-auth configuration: credentials sign-in, a JWT cookie that names a server-side session row.

import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { db } from '@/db/client';
import { sameOriginPath } from '@/lib/identity/contract/same-origin-path';
import { checkSecondFactor } from '@/lib/identity/server/account/second-factor-at-sign-in';
import type { StaffRole } from '@/lib/platform/actor/roles';
import { env } from '@/lib/platform/env';
import { clientAddress } from './client-address';
import { sessionCookieName } from './session-cookie';
import { runSignOutHooks } from './sign-out-hooks';
import {
  createUserSession,
  revokeUserSession,
  SESSION_TTL_SECONDS,
  verifyCredentials,
} from './user-sessions';

declare module 'next-auth' {
  interface Session {
    sid: string;
    user: { id: string; email: string; name: string; staffRole: StaffRole | null };
  }
  interface User {
    staffRole: StaffRole | null;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    sid?: string;
    uid?: string;
    staffRole?: StaffRole | null;
  }
}

/** Built on demand: the environment is only read when a request needs it, never during `next build`. */
export function authOptions(): AuthOptions {
  const secure = env().APP_BASE_URL.startsWith('https://');
  // next-auth builds its redirect URLs (sign-out, callbacks) from NEXTAUTH_URL; ours is APP_BASE_URL.
  process.env.NEXTAUTH_URL ??= env().APP_BASE_URL;
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: 'jwt', maxAge: SESSION_TTL_SECONDS },
    pages: { signIn: '/login' },
    cookies: {
      sessionToken: {
        // `__Host-` prefixed over https (Secure, Path=/, no Domain).
        name: sessionCookieName(env().APP_BASE_URL),
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure },
      },
    },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
          code: { label: 'Authentication code', type: 'text' },
        },
        async authorize(credentials, request) {
          if (!credentials?.email || !credentials.password) return null;
          // The front (scripts/front.mjs) sets X-Forwarded-For from the socket or the trusted proxy hops.
          const headers = new Headers();
          for (const [name, value] of Object.entries(request?.headers ?? {})) {
            if (typeof value === 'string') headers.set(name, value);
          }
          const user = await verifyCredentials(
            db(),
            credentials.email,
            credentials.password,
            clientAddress(headers),
          );
          // A right password is not enough for a user with a second factor: the form hears which code it needs.
          if (user) await checkSecondFactor(db(), user.id, credentials.code);
          return user;
        },
      }),
    ],
    callbacks: {
      // next-auth's own redirects (sign-in and sign-out callbackUrl) follow the same rule as the sign-in page.
      async redirect({ url, baseUrl }) {
        const path = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
        return `${baseUrl}${sameOriginPath(path)}`;
      },
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.staffRole = user.staffRole;
          token.sid = await createUserSession(db(), {
            id: user.id,
            email: user.email ?? '',
            name: user.name ?? '',
            staffRole: user.staffRole,
          });
        }
        return token;
      },
      async session({ session, token }) {
        session.sid = token.sid ?? '';
        session.user = {
          id: token.uid ?? '',
          email: token.email ?? '',
          name: token.name ?? '',
          staffRole: token.staffRole ?? null,
        };
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.sid) {
          // Other areas' sign-out work first (support ends an open view, with its own audit record).
          if (token.uid) await runSignOutHooks(db(), token.uid, token.sid);
          await revokeUserSession(db(), token.sid);
        }
      },
    },
  };
}
