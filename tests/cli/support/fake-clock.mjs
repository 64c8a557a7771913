// Preloaded into the spawned CLI (NODE_OPTIONS=--import) by tests that need a fixed "now":
// `new Date()` and `Date.now()` start at LB_TEST_NOW and run on from there. Dates given
// explicitly (new Date(x)) are untouched. Git itself still sees the real clock.
const RealDate = globalThis.Date;
const offset = Date.parse(process.env.LB_TEST_NOW ?? '') - RealDate.now();
if (!Number.isNaN(offset)) {
  class FakeDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = FakeDate;
}
