package dev.dmlemu.cli;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The known names a mistyped one was probably meant as, for "did you mean" messages. */
final class CloseNames {

    private static final int MOST = 5;

    private CloseNames() {}

    /**
     * Up to five of {@code known}, nearest first: those within a third of the typed name's length in edit distance
     * (at least 2), and those that contain it or that it contains. Case and a {@code DML_OPERATOR_} prefix are
     * ignored.
     */
    static List<String> of(String typed, List<String> known) {
        String wanted = bare(typed);
        int tolerance = Math.max(2, wanted.length() / 3);
        record Candidate(String name, int distance) {}
        return known.stream()
                .map(name -> new Candidate(name, distance(wanted, name)))
                .filter(c -> c.distance() <= tolerance
                        || (!wanted.isEmpty() && (c.name().contains(wanted) || wanted.contains(c.name()))))
                .sorted(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
                .limit(MOST)
                .map(Candidate::name)
                .toList();
    }

    private static String bare(String typed) {
        String upper = typed.strip().toUpperCase(Locale.ROOT);
        return upper.startsWith("DML_OPERATOR_") ? upper.substring("DML_OPERATOR_".length()) : upper;
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
