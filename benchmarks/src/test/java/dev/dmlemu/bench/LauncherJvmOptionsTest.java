package dev.dmlemu.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LauncherJvmOptionsTest {

    @Test
    void hugePagesOnlyWhereTheKernelHandsThemOutOnRequestOrAlways() {
        assertTrue(LauncherJvmOptions.hugePagesOnRequest("always [madvise] never\n"));
        assertTrue(LauncherJvmOptions.hugePagesOnRequest("[always] madvise never\n"));
        assertFalse(LauncherJvmOptions.hugePagesOnRequest("always madvise [never]\n"));
        assertFalse(LauncherJvmOptions.hugePagesOnRequest(""));
    }
}
