package dev.dmlemu.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;

/** Rows printed as columns two spaces apart, the first row a header; numeric columns right-aligned. */
final class TextTable {

    private TextTable() {}

    static void print(PrintWriter out, List<String[]> rows, int... rightAligned) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                int column = i;
                boolean right = Arrays.stream(rightAligned).anyMatch(c -> c == column);
                String padding = " ".repeat(widths[i] - row[i].length());
                line.append(right ? padding + row[i] : row[i] + padding);
                if (i < columns - 1) {
                    line.append("  ");
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
