package dev.dmlemu.nativebridge;

import java.util.Objects;

/**
 * What CreateOperator did with a desc.
 *
 * @param outcome accepted, refused with an HRESULT, or the process ended
 * @param hresult the HRESULT (S_OK when accepted, 0 when the process ended)
 * @param detail for an ended process the report ({@code DirectML ended its process while ...}), else empty
 */
public record CreateVerdict(Outcome outcome, int hresult, String detail) {

    public enum Outcome {
        ACCEPTED, REFUSED, ENDED_PROCESS
    }

    public CreateVerdict {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(detail, "detail");
    }

    public static CreateVerdict accepted() {
        return new CreateVerdict(Outcome.ACCEPTED, 0, "");
    }

    public static CreateVerdict refused(int hresult) {
        return new CreateVerdict(Outcome.REFUSED, hresult, "");
    }

    public static CreateVerdict endedProcess(String report) {
        return new CreateVerdict(Outcome.ENDED_PROCESS, 0, report);
    }

    /** {@code S_OK}, {@code E_INVALIDARG (0x80070057)}, or the report. */
    public String describe() {
        return switch (outcome) {
            case ACCEPTED -> "S_OK";
            case REFUSED -> (hresult == 0x80070057 ? "E_INVALIDARG " : "") + String.format("(0x%08x)", hresult);
            case ENDED_PROCESS -> detail;
        };
    }
}
