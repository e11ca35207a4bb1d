package dev.dmlemu.bench;

import java.util.List;

/**
 * Several contestants timed in alternating rounds in one JVM: in each round, every contestant in turn runs
 * {@code perRound} times back to back, so drifts of the machine's speed fall on all of them alike. The turns go
 * forwards in even rounds and backwards in odd ones, so that no contestant always runs right after the same other one
 * (after a spinning pool's last call, say). What
 * {@link BuildsSideBySide} and {@link MethodsSideBySide} share; warming up is theirs.
 *
 * @param roundMediansMs per contestant, the median call of each round, in ms
 * @param callsNs per contestant, every timed call, in ns, in the order they ran
 */
record AlternatingRounds(double[][] roundMediansMs, long[][] callsNs) {

    /** One call of a contestant. */
    @FunctionalInterface
    interface Call {
        void run() throws Exception;
    }

    static AlternatingRounds time(List<? extends Call> contestants, int rounds, int perRound) throws Exception {
        return time(contestants, rounds, perRound, 0);
    }

    /**
     * As {@link #time(List, int, int)}, with a pause of {@code settleMs} before each contestant's calls of a round:
     * a contestant with a spinning thread pool of its own (ONNX Runtime's keeps a thread busy for some tens of ms
     * after its last call) would otherwise take a CPU from the one after it.
     */
    static AlternatingRounds time(List<? extends Call> contestants, int rounds, int perRound, long settleMs)
            throws Exception {
        double[][] medians = new double[contestants.size()][rounds];
        long[][] calls = new long[contestants.size()][rounds * perRound];
        long[] times = new long[perRound];
        for (int round = 0; round < rounds; round++) {
            for (int turn = 0; turn < contestants.size(); turn++) {
                int c = turnOf(turn, round, contestants.size());
                if (settleMs > 0) {
                    Thread.sleep(settleMs);
                }
                for (int k = 0; k < perRound; k++) {
                    long start = System.nanoTime();
                    contestants.get(c).run();
                    times[k] = System.nanoTime() - start;
                    calls[c][round * perRound + k] = times[k];
                }
                medians[c][round] = Median.of(times) / 1e6;
            }
        }
        return new AlternatingRounds(medians, calls);
    }

    /** Which contestant takes turn {@code turn} of round {@code round}: forwards in even rounds, backwards in odd. */
    static int turnOf(int turn, int round, int contestants) {
        return round % 2 == 0 ? turn : contestants - 1 - turn;
    }
}
