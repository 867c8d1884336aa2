package io.jvortex;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The public surface of the packages users and engine connectors build on, as a checked-in list of
 * signatures ({@code core/src/test/resources/api/public-api.txt}): a change to it fails here until the
 * list is updated on purpose ({@code -Djvortex.api.update=true} rewrites it), so the surface never
 * changes by accident. The diff of that file in a commit is the API change to review.
 */
class PublicApiTest {
    /** The packages whose public types are API (not their sub-packages): what the module exports to all. */
    static final Set<String> API_PACKAGES = Set.of("io.jvortex.api", "io.jvortex.array", "io.jvortex.dtype",
            "io.jvortex.error", "io.jvortex.expr", "io.jvortex.io", "io.jvortex.registry", "io.jvortex.scalar",
            "io.jvortex.spi");

    /** Internal packages opened to our own modules only, by target module. */
    static final java.util.Map<String, Set<String>> QUALIFIED_EXPORTS = java.util.Map.of(
            "io.jvortex.internal.zstd", Set.of("io.jvortex.parquet", "io.jvortex.arrow"),
            "io.jvortex.internal.jsonl", Set.of("io.jvortex.cli"),
            "io.jvortex.internal.file", Set.of("io.jvortex.cli"),
            "io.jvortex.internal.layout", Set.of("io.jvortex.cli"),
            "io.jvortex.api.internal", Set.of("io.jvortex.cli"));

    private static final Path DESCRIPTOR = Path.of("target/module-classes/module-info.class");

    private static final Path LIST = Path.of("src/test/resources/api/public-api.txt");

    @Test
    void thePublicSurfaceIsTheCheckedInOne() throws IOException {
        List<String> actual = signatures();
        if (Boolean.getBoolean("jvortex.api.update")) {
            Files.createDirectories(LIST.getParent());
            Files.write(LIST, actual, StandardCharsets.UTF_8);
        }
        List<String> expected = Files.readAllLines(LIST, StandardCharsets.UTF_8);
        List<String> added = new ArrayList<>(actual);
        added.removeAll(expected);
        List<String> removed = new ArrayList<>(expected);
        removed.removeAll(actual);
        assertThat(added).as("public API added (if intended, rerun with -Djvortex.api.update=true and commit %s)",
                LIST).isEmpty();
        assertThat(removed).as("public API removed or changed (if intended, rerun with -Djvortex.api.update=true "
                + "and commit %s)", LIST).isEmpty();
    }

    @Test
    void theModuleExportsExactlyTheApiPackages() throws IOException {
        java.lang.module.ModuleDescriptor module;
        try (var in = Files.newInputStream(DESCRIPTOR)) {
            module = java.lang.module.ModuleDescriptor.read(in);
        }
        assertThat(module.name()).isEqualTo("io.jvortex.core");
        Set<String> unqualified = new TreeSet<>();
        java.util.Map<String, Set<String>> qualified = new java.util.TreeMap<>();
        for (var export : module.exports()) {
            if (export.isQualified()) {
                qualified.put(export.source(), export.targets());
            } else {
                unqualified.add(export.source());
            }
        }
        assertThat(unqualified).containsExactlyInAnyOrderElementsOf(API_PACKAGES);
        assertThat(qualified).isEqualTo(QUALIFIED_EXPORTS);
        assertThat(module.opens()).isEmpty();
        assertThat(module.uses()).containsExactly("io.jvortex.spi.Encoding");
        // every other package of the module is internal by name
        for (String pkg : module.packages()) {
            if (!API_PACKAGES.contains(pkg)) {
                assertThat(pkg).as("a package the module does not export").matches("io\\.jvortex\\.(internal|api\\.internal)(\\..*)?");
            }
        }
    }

    @Test
    void theModuleLoadsOnTheModulePath() {
        var finder = java.lang.module.ModuleFinder.of(DESCRIPTOR.getParent());
        var configuration = java.lang.ModuleLayer.boot().configuration()
                .resolve(finder, java.lang.module.ModuleFinder.of(), Set.of("io.jvortex.core"));
        var layer = java.lang.ModuleLayer.boot().defineModulesWithOneLoader(configuration,
                ClassLoader.getPlatformClassLoader());
        Module core = layer.findModule("io.jvortex.core").orElseThrow();
        assertThat(core.isExported("io.jvortex.api")).isTrue();
        assertThat(core.isExported("io.jvortex.internal.scan")).isFalse();
        assertThat(core.isExported("io.jvortex.api.internal")).isFalse();
    }

    /** @return one sorted line per public type and per public or protected member of the API packages */
    static List<String> signatures() {
        Set<String> out = new TreeSet<>();
        for (JavaClass c : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(API_PACKAGES.toArray(String[]::new))) {
            if (!API_PACKAGES.contains(c.getPackageName())) {
                continue;
            }
            Class<?> type = c.reflect();
            if (!visible(type)) {
                continue;
            }
            String name = type.getName();
            out.add(name + " :: " + describe(type));
            for (Constructor<?> k : type.getDeclaredConstructors()) {
                if (exposed(k.getModifiers())) {
                    out.add(name + " :: " + k.toGenericString());
                }
            }
            for (Method m : type.getDeclaredMethods()) {
                if (exposed(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                    out.add(name + " :: " + m.toGenericString());
                }
            }
            for (Field f : type.getDeclaredFields()) {
                if (exposed(f.getModifiers()) && !f.isSynthetic()) {
                    out.add(name + " :: " + f.toGenericString());
                }
            }
        }
        return List.copyOf(out);
    }

    /** A type is visible when it and every type enclosing it are public. */
    private static boolean visible(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    private static boolean exposed(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String describe(Class<?> type) {
        StringBuilder s = new StringBuilder(type.toGenericString());
        if (type.getGenericSuperclass() != null && type.getSuperclass() != Object.class && !type.isEnum()
                && !type.isRecord()) {
            s.append(" extends ").append(type.getGenericSuperclass().getTypeName());
        }
        if (type.getGenericInterfaces().length > 0) {
            s.append(" implements ").append(String.join(", ",
                    Arrays.stream(type.getGenericInterfaces()).map(java.lang.reflect.Type::getTypeName).toList()));
        }
        if (type.isSealed()) {
            s.append(" permits ").append(String.join(", ", Arrays.stream(type.getPermittedSubclasses())
                    .map(Class::getName).sorted().toList()));
        }
        return s.toString();
    }
}
