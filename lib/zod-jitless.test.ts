describe('zod-jitless', () => {
  it('lets zod build and run object parsers without calling Function (the probe a CSP reports)', async () => {
    const probe = jest.spyOn(globalThis, 'Function');
    await import('./zod-jitless');
    const { z } = await import('zod');
    const schema = z.object({ name: z.string(), visits: z.array(z.object({ at: z.string() })) });
    expect(schema.parse({ name: 'Ana', visits: [{ at: '10:00' }] })).toEqual({ name: 'Ana', visits: [{ at: '10:00' }] });
    expect(probe).not.toHaveBeenCalled();
    // The very setting z.config({ jitless: true }) makes.
    expect(z.config().jitless).toBe(true);
    probe.mockRestore();
  });
});
