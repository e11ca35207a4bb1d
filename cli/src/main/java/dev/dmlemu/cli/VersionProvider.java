package dev.dmlemu.cli;

import dev.dmlemu.desc.FeatureLevel;
import picocli.CommandLine;

/** {@code dmlemu --version}: the jar's version and the newest feature level it knows. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {"dmlemu " + (version == null ? "(development build)" : version)
                + ", feature levels up to " + FeatureLevel.newest().cName()};
    }
}
