package dev.dmlemu.nativebridge;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/** Prints why a test was disabled or aborted, so a skipped DirectML test never passes silently. */
public final class PrintSkipReason implements TestWatcher {

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        System.out.println("SKIPPED " + context.getDisplayName() + ": " + reason.orElse("disabled"));
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        System.out.println("SKIPPED " + context.getDisplayName() + ": " + cause.getMessage());
    }
}
