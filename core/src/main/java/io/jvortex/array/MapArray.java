package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * Maps, held as the reference holds them: a list view of non-nullable {@code struct{key, value}}
 * entries. Row {@code i}'s entries are {@code entries.elements()[start(i), start(i) + size(i))};
 * the map's validity is the list view's.
 *
 * @param dtype the map type
 * @param entries the entries, of type {@link DType.Map#entries()}
 */
public record MapArray(DType.Map dtype, ListViewArray entries) implements Canonical {

    /** Checks that the entries have the map's entry type. */
    public MapArray {
        if (!entries.dtype().equals(dtype.entries())) {
            throw new IllegalArgumentException("map " + dtype.display() + " needs entries of "
                    + dtype.entries().display() + ", got " + entries.dtype().display());
        }
    }

    @Override
    public int length() {
        return entries.length();
    }

    @Override
    public Validity validity() {
        return entries.validity();
    }

    /** @return the entry structs (one row per key/value pair, possibly shared or unordered between maps) */
    public StructArray entryStructs() {
        return (StructArray) entries.elements();
    }

    /** @return the keys column, parallel to {@link #entryStructs()} */
    public Canonical keys() {
        return entryStructs().fields().get(0);
    }

    /** @return the values column, parallel to {@link #entryStructs()} */
    public Canonical values() {
        return entryStructs().fields().get(1);
    }

    /**
     * @param i a row
     * @return the index of its first entry
     */
    public long start(int i) {
        return entries.start(i);
    }

    /**
     * @param i a row
     * @return its entry count
     */
    public long size(int i) {
        return entries.size(i);
    }

    @Override
    public MapArray slice(int start, int len) {
        return new MapArray(dtype, entries.slice(start, len));
    }
}
