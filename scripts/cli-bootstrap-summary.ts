// Owns what `sandbox bootstrap` prints for a person (the --json output is the result object itself).
import type { SandboxBootstrap } from '@/lib/app/sandbox-bootstrap';

export const ONCE =
  'Store the private key and the shared secret now: they are shown only once and cannot be retrieved later.';

/** The summary, ending with the next step: the --save tip only when the credentials were not saved already. */
export function bootstrapSummary(
  result: SandboxBootstrap,
  options: { saved: boolean; credentialsFile: string },
): string {
  const nextStep = options.saved
    ? `Try it: \`npm run --silent cli -- call GET /api/v2/funding/balance\` (it reads ${options.credentialsFile}).`
    : `Tip: \`npm run --silent cli -- sandbox bootstrap --save\` keeps everything in ${options.credentialsFile} (git-ignored)
for \`npm run --silent cli -- call GET /api/v2/funding/balance\`.`;
  return `Sandbox organization created.

  Organization   ${result.org_id}
  Balance        ${result.balance} USDT available
  Admin sign-in  ${result.admin.email}
  Password       ${result.admin.password}
  API key id     ${result.api_key_id}
  API key        ${result.api_key}
  Shared secret  ${result.shared_secret}
  Senders        ${result.senders.map((s) => `${s.id} (${s.country})`).join('\n                 ')}
  Beneficiaries  ${result.beneficiaries.map((b) => `${b.id} (${b.currency}, sender ${b.sender_profile_id})`).join('\n                 ')}

Private key (PKCS#8 PEM):
${result.private_key_pem.trim()}

${ONCE} The admin password too.
${nextStep}`;
}
