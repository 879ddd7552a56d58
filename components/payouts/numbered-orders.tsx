// Owns an order table's rows as a draft numbers them: each order with its line in the whole batch (not the page), and
// the "#" column that shows it — the same in the quote review and in the batch's progress.
import type { Column } from '@/components/ui/data-table';
import type { Order } from './api';

export interface NumberedOrder {
  order: Order;
  index: number;
}

export const indexColumn: Column<NumberedOrder> = {
  key: 'index',
  header: '#',
  cell: ({ index }) => <span className="tabular-nums text-slate-500">{index}</span>,
};
