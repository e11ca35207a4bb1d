package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code .npy} reader over arbitrary bytes: a header and data it accepts agree with each other, and anything else
 * is a {@link ModelFormatException}; never another exception, a stack overflow or an allocation the file does not
 * justify. Seeds: the repository's {@code examples/**}{@code /*.npy}, copied in by the build.
 */
class NpyFileFuzzTest {

    private static final Path FILE = scratchFile();

    @FuzzTest(maxDuration = "20s")
    void read(byte[] input) throws IOException {
        Files.write(FILE, input);
        NpyFile.Header header;
        NpyFile.Array array;
        try {
            header = NpyFile.readHeader(FILE);
            array = NpyFile.read(FILE);
        } catch (ModelFormatException expected) {
            return;
        }
        assertEquals(header.dataSizeInBytes(), array.data().remaining());
        assertEquals(header.dataOffset() + header.dataSizeInBytes(), input.length);
        assertEquals(header.elementCount() * header.dataType().sizeInBytes(), header.dataSizeInBytes());
    }

    private static Path scratchFile() {
        try {
            Path dir = Files.createTempDirectory("dmlemu-npy-fuzz");
            dir.toFile().deleteOnExit();
            Path file = dir.resolve("fuzz.npy");
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
