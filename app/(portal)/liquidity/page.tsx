// Owns /liquidity, the navigation's liquidity area: its pages are /withdrawals and /proofs.
import { redirect } from 'next/navigation';

export default function LiquidityPage() {
  redirect('/withdrawals');
}
