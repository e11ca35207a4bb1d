package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Messages that said something false or left the reason out. */
class WordingTest {

    @Test
    void theLargestUnalignedTotalSizeIsNotToldToRoundUpToZero(@TempDir Path dir) throws Exception {
        String json = Files.readString(Cli.EXAMPLES.resolve("docs-example.json")).replace(
                "\"OutputTensor\": { \"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 2, 3] }",
                "\"OutputTensor\": { \"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 2, 3],"
                        + " \"TotalTensorSizeInBytes\": 18446744073709551615 }");
        Cli.Result result = Cli.run("validate", Cli.write(dir, "m.json", json).toString());
        assertEquals(1, result.code(), result.err());
        assertTrue(result.out().contains("OutputTensor.TotalTensorSizeInBytes: 18446744073709551615 is not a multiple"
                + " of 4; DirectML accepts it, but bound buffer sizes must be DWORD aligned (no UINT64 size at or"
                + " above it is a multiple of 4)"), result.out());
        assertFalse(result.out().contains("round up to 0"), result.out());
    }

    @Test
    void aRawFileOfFourBitElementsIsWholeElements(@TempDir Path dir) throws Exception {
        // 36 bytes of 0x21: each byte packs two UINT4s, the low nibble first (1, then 2): 72 elements.
        byte[] bytes = new byte[36];
        java.util.Arrays.fill(bytes, (byte) 0x21);
        Files.write(dir.resolve("x.dat"), bytes);
        Path model = Cli.write(dir, "m.json", "{\"resources\": {\"X\": {\"initialValuesDataType\": \"UINT4\","
                + " \"initialValues\": {\"sourcePath\": \"x.dat\"}}}, \"dispatchables\": {},"
                + " \"commands\": [{\"type\": \"print\", \"resource\": \"X\"}]}");
        Cli.Result result = Cli.run("run", model.toString(), "--backend", "emulator");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'X': " + String.join(", ", Collections.nCopies(36, "1, 2")) + "\n", result.out());
    }

    @Test
    void aDeniedWriteSaysPermissionDenied() {
        // Java's message for a denied access is the bare path.
        assertEquals("/results/y.npy: permission denied",
                WritableFolders.describe(new AccessDeniedException("/results/y.npy")));
    }
    @Test
    void theOsReasonIsGivenNotAlwaysPermissionDenied() {
        // What Java's file system provider throws for EROFS and EPERM (an immutable folder): the OS's words.
        assertEquals("read-only file system",
                WritableFolders.reason(new FileSystemException("/r", null, "Read-only file system")));
        assertEquals("operation not permitted",
                WritableFolders.reason(new FileSystemException("/r", null, "Operation not permitted")));
        assertEquals("/r/y.npy: read-only file system",
                WritableFolders.describe(new FileSystemException("/r/y.npy", null, "Read-only file system")));
        assertEquals("permission denied", WritableFolders.reason(new AccessDeniedException("/r")));
    }

    @Test
    void aModelThatCannotBeOpenedSaysWhy() {
        // A non-root user's stat of secret/m.json, secret being a root-owned folder of mode 700: EACCES.
        assertEquals("secret/m.json: permission denied",
                ModelInput.cannotOpen("secret/m.json", new AccessDeniedException("secret/m.json")));
        assertEquals("secret/m.json: no such file",
                ModelInput.cannotOpen("secret/m.json", new NoSuchFileException("secret/m.json")));
        assertEquals("m.json/x: not a directory",
                ModelInput.cannotOpen("m.json/x", new FileSystemException("m.json/x", null, "Not a directory")));
    }

    @Test
    void aHeapWithNothingLeftSaysSo() {
        assertEquals("more than the Java heap can give now: it has nothing left to give (maximum heap 64 MiB);"
                + " raise it with DMLEMU_JAVA_OPTS=-Xmx160m (or more)", HeapBudget.message(-5_000_000, 64, 160));
        assertEquals("more than the Java heap can give now: it has nothing left to give (maximum heap 64 MiB);"
                + " raise it with DMLEMU_JAVA_OPTS=-Xmx160m (or more)", HeapBudget.message(0, 64, 160));
        assertEquals("more than the 1024 bytes the Java heap can give now (maximum heap 64 MiB); raise it with"
                + " DMLEMU_JAVA_OPTS=-Xmx160m (or more)", HeapBudget.message(1024, 64, 160));
    }
}
