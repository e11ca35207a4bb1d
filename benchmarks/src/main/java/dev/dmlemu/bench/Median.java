package dev.dmlemu.bench;

import java.util.Arrays;

/** The median of a series of timings (the mean of the middle two for an even count), as every tool here reports. */
final class Median {

    private Median() {}

    static double of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static double of(long[] values) {
        return of(Arrays.stream(values).asDoubleStream().toArray());
    }
}
