export function PageHeading({ children, intro }: { children: React.ReactNode; intro?: string }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{children}</h1>
      {intro && <p className="mt-2 text-slate-700">{intro}</p>}
    </div>
  );
}
