'use client';
// Owns the two ways into a batch: rows entered by hand, or a CSV file (loaded only when its tab is opened).
import dynamic from 'next/dynamic';
import { LoadingBlock } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { OrderRowsForm } from './order-rows-form';

const CsvImportPanel = dynamic(() => import('./csv-import-panel').then((m) => m.CsvImportPanel), {
  ssr: false,
  loading: () => <LoadingBlock label="Loading the CSV import" />,
});

export function NewBatch() {
  return (
    <Tabs
      aria-label="How to add orders"
      items={[
        { value: 'manual', label: 'Enter orders', content: <OrderRowsForm /> },
        { value: 'csv', label: 'Import a CSV file', content: <CsvImportPanel /> },
      ]}
    />
  );
}
