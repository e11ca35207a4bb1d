package dev.dmlemu.nativebridge.host;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Launchers that start {@link FakeHost} in a child JVM, and short limits for tests. */
public final class FakeHosts {

    private FakeHosts() {
    }

    public static HostLauncher launcher(String behaviour) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return HostLauncher.of(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), FakeHost.class.getName(), behaviour), "a fake host");
    }

    public static HostLimits limits() {
        return new HostLimits(Duration.ofSeconds(60), Duration.ofSeconds(60));
    }
}
