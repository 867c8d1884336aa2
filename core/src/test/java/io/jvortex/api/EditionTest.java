package io.jvortex.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.registry.BuiltinSchemes;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The editions' array ids, now derived from the registry's table, are exactly the ids each edition added
 * as the reference's writers list them in their files' spec tables (0.91 and 0.93, every edition), and
 * the derived scheme order is the reference's per-family order the compressor always used.
 */
class EditionTest {
    /** The array ids each edition adds, as read from the spec tables of files the reference writes. */
    private static final Map<Edition, List<String>> ADDED = new EnumMap<>(Edition.class);

    static {
        ADDED.put(Edition.CORE2025_05_0, List.of("fastlanes.bitpacked", "fastlanes.for", "vortex.alp", "vortex.alprd", "vortex.bool", "vortex.bytebool", "vortex.chunked", "vortex.constant", "vortex.datetimeparts", "vortex.decimal", "vortex.decimal_byte_parts", "vortex.dict", "vortex.ext", "vortex.fsst", "vortex.list", "vortex.null", "vortex.primitive", "vortex.runend", "vortex.sparse", "vortex.struct", "vortex.varbin", "vortex.varbinview", "vortex.zigzag"));
        ADDED.put(Edition.CORE2025_06_0, List.of("vortex.pco", "vortex.sequence", "vortex.zstd"));
        ADDED.put(Edition.CORE2025_10_0, List.of("fastlanes.rle", "vortex.fixed_size_list", "vortex.listview", "vortex.masked"));
        ADDED.put(Edition.CORE2026_08_0, List.of());
        ADDED.put(Edition.CORE2026_08_1, List.of("vortex.onpair"));
        ADDED.put(Edition.CORE2026_08_2, List.of("vortex.map"));
        ADDED.put(Edition.CORE2026_08_3, List.of("vortex.parquet.variant", "vortex.variant"));
        ADDED.put(Edition.UNSTABLE2026_10_0, List.of("fastlanes.bitpacked.v2", "fastlanes.delta", "fastlanes.for.v2", "vortex.decimal_byte_parts.v2", "vortex.union"));
    }

    @Test
    void arrayIdsAreTheOnesTheReferenceListsPerEdition() {
        TreeSet<String> cumulative = new TreeSet<>();
        for (Edition edition : Edition.values()) {
            cumulative.addAll(ADDED.get(edition));
            assertThat(edition.arrayIds()).as(edition.id()).containsExactlyElementsOf(cumulative);
        }
        assertThat(Edition.DEFAULT.allowsArray("fastlanes.for.v2")).isFalse();
        assertThat(Edition.UNSTABLE2026_10_0.allowsArray("fastlanes.for.v2")).isTrue();
    }

    @Test
    void schemesComeInTheReferencesOrder() {
        assertThat(BuiltinSchemes.defaults().stream().map(Scheme::name).toList()).containsExactly(
                "bool.constant", "int.constant", "int.for", "int.zigzag", "int.bitpacked", "int.sparse", "int.dict",
                "int.runend", "int.sequence", "int.rle", "float.constant", "float.alp", "float.alprd", "float.dict",
                "float.sparse", "float.rle", "string.dict", "string.fsst", "string.onpair", "string.constant",
                "binary.dict", "binary.constant", "decimal.constant", "decimal.byte_parts", "ext.temporal",
                "string.varbin");
        assertThat(BuiltinSchemes.compact().stream().map(Scheme::name).toList()).containsExactly(
                "pco", "vortex.string.zstd", "vortex.binary.zstd");
    }
}
