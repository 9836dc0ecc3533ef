// npm run demo: fills an empty database with a realistic sample so a newcomer sees a working
// site at once: news with photos, past and upcoming events, a dozen gallery photos drawn here
// with sharp (nothing is downloaded), both information pages and the site settings.
import sharp from 'sharp';
import { DIRECT_UPLOAD } from '../src/core/images/upload-limits.ts';
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
  const photo = async (seed: number, label: string) => {
    const bytes = await drawPhoto(seed, label);
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
      body: '<p>After three working parties and a lot of paint, the <strong>reading shed</strong> is open. Thank you to everyone who helped!</p><p>Classes will take turns to use it at lunchtime.</p>',
    },
    {
      title: 'Bike repair morning: a big success',
      days: -18,
      body: '<p>Twenty-six bikes were fixed, oiled and safety checked.</p><ul><li>14 new inner tubes</li><li>9 brake adjustments</li><li>countless smiles</li></ul>',
    },
    {
      title: 'Welcome to new families',
      days: -45,
      body: '<p>A warm welcome to the families who joined Oakfield this term. Our activities are open to every dad, grandad and carer.</p>',
    },
    {
      title: 'Summer picnic photos are in the gallery',
      days: -90,
      body: '<p>Have a look at the <a href="/gallery">gallery</a> for photos of the summer picnic.</p>',
    },
  ];
  for (const [index, item] of news.entries()) {
    await app.news.create({
      title: item.title,
      content: item.body,
      publishedAt: at(item.days, 9),
      imageUrl: index < 3 ? await photo(index, item.title) : null,
      imageAlt: index < 3 ? `Drawing of a sunny landscape: ${item.title}` : null,
    });
  }

  const events = [
    {
      name: 'Den building in Oak Wood',
      days: 12,
      hour: 10,
      location: 'Oak Wood, behind the school field',
      organiser: 'Daniel',
      comment: 'Build a den with your children using branches, rope and tarps. Wear old clothes and wellies.',
    },
    {
      name: 'Christmas fair stall',
      days: 26,
      hour: 14,
      location: 'School hall',
      organiser: 'Tom',
      comment: 'Help run the tombola and the hot chocolate stand at the Christmas fair.',
    },
    {
      name: 'Science Saturday',
      days: 47,
      hour: 10,
      location: 'Year 5 classroom',
      organiser: null,
      comment: 'Rockets, slime and volcanoes: messy experiments for children aged 6 to 11 with their dads.',
    },
    {
      name: 'Bike repair morning',
      days: -18,
      hour: 9,
      location: 'Playground',
      organiser: 'Raj',
      comment: 'Bring your family’s bikes for a free safety check and repair.',
    },
    {
      name: 'Summer picnic',
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
      imageUrl: index % 2 === 0 ? await photo(10 + index, event.name) : null,
      imageAlt: null,
    });
  }

  const captions = [
    'Den building',
    'Tug of war',
    'Reading shed',
    'Bike check',
    'Volcano experiment',
    null,
    'Picnic on the field',
    'Christmas fair',
    'Bonfire night stall',
    'Sports morning',
    null,
    'Working party',
  ];
  for (const [index, caption] of captions.entries()) {
    // The gallery's description falls back to the caption.
    await app.gallery.create({ imageUrl: await photo(20 + index, caption ?? ''), caption, imageAlt: null });
  }
}

/** A landscape "photo": sky, hills, sun and a label, in colours that vary with the seed. */
async function drawPhoto(seed: number, label: string): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const width = 1600;
  const height = 1067;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,75%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,90%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${300 + ((seed * 131) % 1000)}" cy="260" r="110" fill="hsl(45,95%,60%)"/>
    <path d="M0 ${height * 0.65} Q ${width * 0.3} ${height * 0.45} ${width * 0.6} ${height * 0.62} T ${width} ${height * 0.58} V ${height} H 0 Z" fill="hsl(${(hue + 120) % 360},45%,40%)"/>
    <path d="M0 ${height * 0.8} Q ${width * 0.5} ${height * 0.7} ${width} ${height * 0.82} V ${height} H 0 Z" fill="hsl(${(hue + 140) % 360},50%,30%)"/>
    <text x="60" y="${height - 70}" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff">${escape(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
