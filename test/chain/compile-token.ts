// Owns compiling the test token (TestUsdt.sol) offline with the solc npm package: the source in the repository is the
// only truth, so there is no committed bytecode to drift from it (docs/decisions, "Chain custody on EVM").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import solc from 'solc';
import type { Abi, Hex } from 'viem';

/**
 * The compiler settings. `shanghai`: solc 0.8.37 targets a newer EVM by default and emits MCOPY, which ganache 7 does
 * not know; the token needs nothing newer.
 */
export const TOKEN_COMPILER_SETTINGS = {
  evmVersion: 'shanghai',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { TestUsdt: ['abi', 'evm.bytecode.object'] } },
} as const;

export interface CompiledToken {
  abi: Abi;
  bytecode: Hex;
}

let compiled: CompiledToken | undefined;

/** Compiles once per process (about half a second). */
export function compileTestToken(): CompiledToken {
  if (compiled) return compiled;
  const source = readFileSync(path.join(import.meta.dirname, 'TestUsdt.sol'), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestUsdt.sol': { content: source } },
        settings: TOKEN_COMPILER_SETTINGS,
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['TestUsdt.sol']!.TestUsdt!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}
