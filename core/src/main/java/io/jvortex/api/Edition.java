package io.jvortex.api;

import io.jvortex.internal.registry.BuiltinEncodings;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The named editions of the Vortex format: each adds array, layout and extension-dtype ids to the ones
 * before it (its array ids come from the registry's table of built-in encodings, each of which names the
 * edition that first contains it), and a writer restricted to an edition emits only those ids, so every
 * reader of at least the edition's minimum library version reads the file. Editions are cumulative
 * here: choosing one enables it and every earlier one.
 */
public enum Edition {
    /** The first frozen edition (readers ≥ 0.36.0); legacy {@code vortex.stats} zone maps. */
    CORE2025_05_0("core2025.05.0", "0.36.0", List.of("vortex.chunked", "vortex.dict", "vortex.flat", "vortex.stats", "vortex.struct"),
            List.of("vortex.date", "vortex.time", "vortex.timestamp")),
    /** Adds Pcodec, sequence and Zstandard arrays (readers ≥ 0.40.0). */
    CORE2025_06_0("core2025.06.0", "0.40.0", List.of(), List.of()),
    /** Adds FastLanes RLE, fixed-size lists, list views and masked arrays (readers ≥ 0.54.0). */
    CORE2025_10_0("core2025.10.0", "0.54.0", List.of(), List.of()),
    /** Adds the aggregate-based {@code vortex.zoned} zone-map layout (readers ≥ 0.84.0). */
    CORE2026_08_0("core2026.08.0", "0.84.0", List.of("vortex.zoned"), List.of()),
    /** Adds OnPair strings (readers ≥ 0.84.0). */
    CORE2026_08_1("core2026.08.1", "0.84.0", List.of(), List.of()),
    /** Adds maps (readers ≥ 0.85.0). */
    CORE2026_08_2("core2026.08.2", "0.85.0", List.of(), List.of()),
    /** Adds variants and the UUID extension type (readers ≥ 0.85.0). */
    CORE2026_08_3("core2026.08.3", "0.85.0", List.of(),
            List.of("vortex.uuid")),
    /**
     * The first unstable edition that the reference writes on request (readers ≥ 0.91.0): on top of every
     * core edition it adds the {@code .v2} successors of frozen encodings (bit-packing with a bit width per
     * 1024-value block, frame of reference with a reference per block, decimal byte parts with unsigned
     * lower parts), FastLanes delta, unions and the {@code vortex.list} layout. Never the default.
     */
    UNSTABLE2026_10_0("unstable2026.10.0", "0.91.0", List.of("vortex.list"), List.of());

    /** The edition written when none is chosen: the newest one vortex-data 0.91 reads. */
    public static final Edition DEFAULT = CORE2026_08_3;

    private final String id;
    private final String minLibraryVersion;
    private final List<String> addedLayouts;
    private final List<String> addedExtensions;

    Edition(String id, String minLibraryVersion, List<String> layouts, List<String> extensions) {
        this.id = id;
        this.minLibraryVersion = minLibraryVersion;
        this.addedLayouts = layouts;
        this.addedExtensions = extensions;
    }

    /** @return the edition's name, e.g. {@code core2025.05.0} */
    public String id() {
        return id;
    }

    /** @return the oldest reference library version that reads every id of this edition */
    public String minLibraryVersion() {
        return minLibraryVersion;
    }

    /**
     * @return every array-encoding id this edition and the earlier ones permit: the built-in encodings
     *         whose first edition ({@link BuiltinEncodings.Entry#firstEdition}) is this one or earlier
     */
    public Set<String> arrayIds() {
        return ArrayIds.BY_EDITION.get(this);
    }

    /** The array ids per edition, derived once from the registry's table. */
    private static final class ArrayIds {
        static final Map<Edition, Set<String>> BY_EDITION = derive();

        private static Map<Edition, Set<String>> derive() {
            Map<Edition, Set<String>> out = new EnumMap<>(Edition.class);
            for (Edition edition : values()) {
                Set<String> ids = new TreeSet<>();
                for (BuiltinEncodings.Entry entry : BuiltinEncodings.entries()) {
                    if (of(entry.firstEdition()).ordinal() <= edition.ordinal()) {
                        ids.add(entry.id());
                    }
                }
                out.put(edition, Collections.unmodifiableSet(ids));
            }
            return out;
        }
    }

    /** @return every layout id this edition and the earlier ones permit */
    public Set<String> layoutIds() {
        return collect(1);
    }

    /** @return every extension-dtype id this edition and the earlier ones permit */
    public Set<String> extensionIds() {
        return collect(2);
    }

    /**
     * @param arrayId an array-encoding id
     * @return whether a file of this edition may contain it
     */
    public boolean allowsArray(String arrayId) {
        return arrayIds().contains(arrayId);
    }

    /**
     * @param layoutId a layout id
     * @return whether a file of this edition may contain it
     */
    public boolean allowsLayout(String layoutId) {
        return layoutIds().contains(layoutId);
    }

    /** @return whether zone maps are written as {@code vortex.zoned} (else legacy {@code vortex.stats}) */
    public boolean zonedLayout() {
        return allowsLayout("vortex.zoned");
    }

    private Set<String> collect(int kind) {
        Set<String> out = new TreeSet<>();
        for (Edition e : values()) {
            if (e.ordinal() > ordinal()) {
                break;
            }
            out.addAll(kind == 1 ? e.addedLayouts : e.addedExtensions);
        }
        return out;
    }

    /**
     * @param id an edition name such as {@code core2025.10.0}
     * @return the edition
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones)
     */
    public static Edition of(String id) {
        for (Edition e : values()) {
            if (e.id.equals(id)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown edition " + id + " (known: "
                + Arrays.stream(values()).map(Edition::id).toList() + ")");
    }
}
