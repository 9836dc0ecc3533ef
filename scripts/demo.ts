// npm run demo: fills an empty database with a realistic sample so a newcomer sees a working
// site at once: news with photos, past and upcoming events, a dozen gallery photos drawn here
// (scripts/demo-photos.ts: nothing is downloaded), both information pages and the site settings
// with a banner photo and an accent colour.
import { DIRECT_UPLOAD } from '../src/core/images/upload-limits.ts';
import { drawPhoto, type Scene } from './demo-photos.ts';
import { openContext } from './open-context.ts';

const app = await openContext();
try {
  const counts = await Promise.all([app.news.count(), app.events.count(), app.gallery.count()]);
  if (counts.some((n) => n > 0)) {
    console.error('The database already has content; the demo only fills an empty one. Nothing was changed.');
    process.exitCode = 1;
  } else {
    await fill();
    console.log('Demo content added: 4 news items, 5 events, 12 gallery photos, both information pages and the settings.');
    console.log('Start the site with: npm start');
  }
} finally {
  await app.close();
}

async function fill(): Promise<void> {
  const photo = async (seed: number, scene: Scene) => {
    const bytes = await drawPhoto(seed, scene);
    return (await app.images.ingest(bytes, DIRECT_UPLOAD)).url;
  };
  const day = 86_400_000;
  const at = (days: number, hour: number) => {
    const date = new Date(Date.now() + days * day);
    return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
  };

  await app.settings.update({
    clubName: "Oakfield Dads' Club",
    tagline: 'Fathers and father figures of Oakfield Primary School',
    messagingGroupUrl: 'https://chat.whatsapp.com/oakfield-dads-demo',
    socialGroupUrl: 'https://www.facebook.com/groups/oakfield-dads-demo',
    contactEmail: 'hello@oakfield-dads.example',
    logoUrl: null,
    heroImageUrl: await photo(99, 'outdoors'),
    accentColor: '#166534',
  });
  await app.infoPages.updateWhoWeAre({
    aboutUs:
      'We are a group of dads, grandads, uncles and carers of children at Oakfield Primary School.\n\nWe meet once a month and run activities that bring families together, from den building in the woods to the Christmas fair stall.',
    whoAreWe:
      'The club is run by a small volunteer committee: Tom (chair), Raj (treasurer) and Daniel (events).\n\nEveryone is welcome to help, for an hour or for a whole term.',
    contactEmail: 'hello@oakfield-dads.example',
  });
  await app.infoPages.updateWhatWeDo({
    mission: 'To help fathers and father figures take an active part in school life and in their children’s learning.',
    activities:
      'Saturday morning activity clubs: den building, bike repair, science experiments and sports.\n\nSeasonal events: the summer picnic, the bonfire night stall and the Christmas fair.\n\nWorking parties that improve the school grounds.',
    impact:
      'Last year more than 120 families came to at least one of our activities.\n\nOur fundraising paid for new outdoor play equipment and a reading shed.',
  });

  const news = [
    {
      title: 'New reading shed opens in the playground',
      days: -3,
      scene: 'indoors' as const,
      body: '<p>After three working parties and a lot of paint, the <strong>reading shed</strong> is open. Thank you to everyone who helped!</p><p>Classes will take turns to use it at lunchtime.</p>',
    },
    {
      title: 'Bike repair morning: a big success',
      days: -18,
      scene: 'outdoors' as const,
      body: '<p>Twenty-six bikes were fixed, oiled and safety checked.</p><ul><li>14 new inner tubes</li><li>9 brake adjustments</li><li>countless smiles</li></ul>',
    },
    {
      title: 'Welcome to new families',
      days: -45,
      scene: 'evening' as const,
      body: '<p>A warm welcome to the families who joined Oakfield this term. Our activities are open to every dad, grandad and carer.</p>',
    },
    {
      title: 'Summer picnic photos are in the gallery',
      days: -90,
      scene: 'outdoors' as const,
      body: '<p>Have a look at the <a href="/gallery">gallery</a> for photos of the summer picnic.</p>',
    },
  ];
  for (const [index, item] of news.entries()) {
    await app.news.create({
      title: item.title,
      content: item.body,
      publishedAt: at(item.days, 9),
      imageUrl: index < 3 ? await photo(index, item.scene) : null,
      imageAlt: null,
    });
  }

  const events = [
    {
      name: 'Den building in Oak Wood',
      scene: 'outdoors' as const,
      days: 12,
      hour: 10,
      location: 'Oak Wood, behind the school field',
      organiser: 'Daniel',
      comment: 'Build a den with your children using branches, rope and tarps. Wear old clothes and wellies.',
    },
    {
      name: 'Christmas fair stall',
      scene: 'evening' as const,
      days: 26,
      hour: 14,
      location: 'School hall',
      organiser: 'Tom',
      comment: 'Help run the tombola and the hot chocolate stand at the Christmas fair.',
    },
    {
      name: 'Science Saturday',
      scene: 'indoors' as const,
      days: 47,
      hour: 10,
      location: 'Year 5 classroom',
      organiser: null,
      comment: 'Rockets, slime and volcanoes: messy experiments for children aged 6 to 11 with their dads.',
    },
    {
      name: 'Bike repair morning',
      scene: 'outdoors' as const,
      days: -18,
      hour: 9,
      location: 'Playground',
      organiser: 'Raj',
      comment: 'Bring your family’s bikes for a free safety check and repair.',
    },
    {
      name: 'Summer picnic',
      scene: 'outdoors' as const,
      days: -90,
      hour: 12,
      location: 'School field',
      organiser: 'Tom',
      comment: 'A picnic, games and a tug of war for the whole family.',
    },
  ];
  for (const [index, event] of events.entries()) {
    await app.events.create({
      name: event.name,
      date: at(event.days, event.hour),
      location: event.location,
      organiser: event.organiser,
      comment: event.comment,
      bookingUrl: 'https://tickets.example.org/oakfield-dads',
      imageUrl: index % 2 === 0 ? await photo(10 + index, event.scene) : null,
      imageAlt: null,
    });
  }

  const gallery: [string | null, Scene][] = [
    ['Den building', 'outdoors'],
    ['Tug of war', 'outdoors'],
    ['Reading shed', 'indoors'],
    ['Bike check', 'outdoors'],
    ['Volcano experiment', 'indoors'],
    [null, 'outdoors'],
    ['Picnic on the field', 'outdoors'],
    ['Christmas fair', 'evening'],
    ['Bonfire night stall', 'evening'],
    ['Sports morning', 'outdoors'],
    [null, 'indoors'],
    ['Working party', 'outdoors'],
  ];
  for (const [index, [caption, scene]] of gallery.entries()) {
    // The gallery's description falls back to the caption.
    await app.gallery.create({ imageUrl: await photo(20 + index, scene), caption, imageAlt: null });
  }
}
