import { whoWeAreInputSchema } from '../../core/info-pages/info-pages.schema.ts';
import { PageContentScreen } from './page-content.tsx';

export function WhoWeAreScreen() {
  return (
    <PageContentScreen
      title="Edit Who We Are"
      readUrl="/api/who-we-are"
      schema={whoWeAreInputSchema}
      writeUrl="/api/admin/who-we-are"
      success="Who We Are content updated successfully"
      failure="Failed to update Who We Are content"
      fields={[
        { name: 'aboutUs', card: 'About Us', label: 'About Us', rows: 8, description: 'Who the club is and what it is for.' },
        {
          name: 'whoAreWe',
          card: 'Who Are We?',
          label: 'Who Are We?',
          rows: 4,
          description: 'The committee or the people who lead the club.',
        },
        { name: 'contactEmail', card: 'Contact Information', label: 'Contact Email', type: 'email' },
      ]}
    />
  );
}
