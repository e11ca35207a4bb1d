package dev.dmlemu.conformance.realdml;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The probe campaign's per-operator agreement, as the markdown table docs/directml-behaviour.md §14 carries. */
record AgreementReport(String device, int perOperator, long seed, List<AgreementRow> rows) {

    AgreementReport {
        rows = List.copyOf(rows);
    }

    int probes() {
        return rows.stream().mapToInt(AgreementRow::probes).sum();
    }

    int agree() {
        return rows.stream().mapToInt(AgreementRow::agree).sum();
    }

    double agreement() {
        return probes() == 0 ? 1 : (double) agree() / probes();
    }

    List<AgreementRow> disagreeing() {
        return rows.stream().filter(row -> row.disagree() > 0).toList();
    }

    String summary() {
        return String.format(Locale.ROOT, "%d operators, %d probes, %d agree (%.1f %%), %d operators with "
                + "disagreements", rows.size(), probes(), agree(), 100 * agreement(), disagreeing().size());
    }

    /** Disagreements of every operator by probe kind and by who accepted. */
    Map<String, Integer> disagreements() {
        Map<String, Integer> total = new TreeMap<>();
        rows.forEach(row -> row.disagreements().forEach((key, count) -> total.merge(key, count, Integer::sum)));
        return total;
    }

    /** Probes of every operator by probe kind and DirectML's verdict. */
    Map<String, Integer> byKind() {
        Map<String, Integer> total = new TreeMap<>();
        rows.forEach(row -> row.byKind().forEach((key, count) -> total.merge(key, count, Integer::sum)));
        return total;
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("# Validator against CreateOperator\n\n")
                .append("Device: ").append(device).append("; ").append(perOperator)
                .append(" probes per operator, seed ").append(seed).append(", validator at DML_FEATURE_LEVEL_6_4.\n\n")
                .append(summary()).append(".\n\n")
                .append("Probes by kind and DirectML's verdict: ").append(byKind()).append(".\n\n")
                .append("Disagreements by probe kind: ").append(disagreements()).append(".\n\n")
                .append("| Operator | Probes | With strides | Agree | Disagree | Examples of disagreements |\n")
                .append("|---|---:|---:|---:|---:|---|\n");
        for (AgreementRow row : rows) {
            out.append("| ").append(row.type().name()).append(" | ").append(row.probes()).append(" | ")
                    .append(row.strided()).append(" | ").append(row.agree()).append(" | ").append(row.disagree())
                    .append(" | ")
                    .append(String.join("<br>", row.examples()).replace("|", "\\|")).append(" |\n");
        }
        return out.toString();
    }
}
