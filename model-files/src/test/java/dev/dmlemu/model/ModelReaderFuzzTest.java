package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Optional;

/**
 * The model reader over arbitrary bytes: it either reads a model, which then writes out and reads back to equal
 * records, or throws a {@link ModelFormatException} with a one-line message; never any other exception, a hang or a
 * huge allocation. Seeds: the repository's {@code examples/*.json}, copied in by the build. The regression inputs run
 * in every test run; the {@code fuzz-model-reader} execution fuzzes (see the README).
 */
class ModelReaderFuzzTest {

    /** Small limits keep every execution fast; the limits' own checks are part of what is fuzzed. */
    private static final ReadOptions OPTIONS = new ReadOptions(ReadLimits.of(1 << 20, 1 << 20), Optional.empty());

    @FuzzTest(maxDuration = "20s")
    void parse(byte[] input) {
        ModelDocument document;
        try {
            document = ModelFiles.parse(input, "fuzz.json", OPTIONS);
        } catch (ModelFormatException expected) {
            assertFalse(expected.getMessage().contains("\n"), expected.getMessage());
            return;
        }
        String written = ModelFiles.write(document.model());
        assertEquals(document.model(), ModelFiles.parse(written, null, "written"), written);
    }
}
