package dev.dmlemu.cli;

/**
 * {@code --warmup W|auto}: a number of untimed executions before the timed ones, or {@code auto}, which warms up until
 * the JIT compilers have settled: until {@link #SETTLED_STREAK} warm-ups in a row over {@link #SETTLED_NANOS}, each
 * with the wait for the compilations it started, added no compilation time, and at most {@link #AUTO_LIMIT} warm-ups.
 *
 * @param mode a fixed count or until settled
 * @param count the warm-ups to run ({@link Mode#FIXED}), or the most to run ({@link Mode#UNTIL_SETTLED})
 */
record WarmupOption(Mode mode, int count) {

    /** How the warm-ups end. */
    enum Mode {
        FIXED,
        UNTIL_SETTLED
    }

    /**
     * Quiet warm-ups in a row that end {@code auto}, over {@link #SETTLED_NANOS} at least: with three, a compilation
     * often came a few dispatches later, in the timed runs (SCATTER_ROWS at two threads 1.2-1.4 ms against 0.84-0.85
     * with five and 0.56-0.61 with the half second too; docs/performance.md, "Warming up until the JIT settles").
     */
    static final int SETTLED_STREAK = 5;

    /**
     * The most warm-ups {@code auto} runs, and where it ends for dispatches under 5 ms, which run this many before
     * their quiet ones span {@link #SETTLED_NANOS}; the run's budget of executions counts them all (--max-elements).
     */
    static final int AUTO_LIMIT = 100;

    static final WarmupOption NONE = new WarmupOption(Mode.FIXED, 0);

    static WarmupOption untilSettled() {
        return new WarmupOption(Mode.UNTIL_SETTLED, AUTO_LIMIT);
    }

    /**
     * Nanoseconds the quiet warm-ups in a row must span too: MAX_POOL's compilations came more than five of its 5 ms
     * dispatches apart, and dispatches below 5 ms run the {@link #AUTO_LIMIT} before they span it.
     */
    static final long SETTLED_NANOS = 500_000_000L;

    /**
     * Whether the warm-ups are done after {@code ran} of them, the last {@code quietInARow} quiet over
     * {@code quietNanos}.
     */
    boolean done(int ran, int quietInARow, long quietNanos) {
        return ran >= count || (mode == Mode.UNTIL_SETTLED && quietInARow >= SETTLED_STREAK
                && quietNanos >= SETTLED_NANOS);
    }

    @Override
    public String toString() {
        return mode == Mode.UNTIL_SETTLED ? "auto" : Integer.toString(count);
    }

    /** picocli converter: {@code auto}, or an integer (negative ones are refused with the other counts). */
    static final class Converter implements picocli.CommandLine.ITypeConverter<WarmupOption> {
        @Override
        public WarmupOption convert(String value) {
            if (value.equals("auto")) {
                return untilSettled();
            }
            try {
                return new WarmupOption(Mode.FIXED, Integer.parseInt(value));
            } catch (NumberFormatException e) {
                throw new picocli.CommandLine.TypeConversionException(
                        "'" + value + "' is neither a number of warm-ups nor 'auto'");
            }
        }
    }
}
