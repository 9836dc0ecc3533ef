import { whatWeDoInputSchema } from '../../core/info-pages/info-pages.schema.ts';
import { PageContentScreen } from './page-content.tsx';

export function WhatWeDoScreen() {
  return (
    <PageContentScreen
      title="Edit What We Do"
      readUrl="/api/what-we-do"
      schema={whatWeDoInputSchema}
      writeUrl="/api/admin/what-we-do"
      success="What We Do content updated successfully"
      failure="Failed to update What We Do content"
      fields={[
        { name: 'mission', card: 'Our Mission', label: 'Our Mission', rows: 6 },
        { name: 'activities', card: 'Activities', label: 'Activities', rows: 8 },
        { name: 'impact', card: 'Our Impact', label: 'Our Impact', rows: 6 },
      ]}
    />
  );
}
