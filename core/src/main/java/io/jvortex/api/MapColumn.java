package io.jvortex.api;

import io.jvortex.array.MapArray;

/**
 * A map column: row {@code i} holds the entries {@code [start(i), start(i) + size(i))} of the
 * parallel {@link #keys()} and {@link #values()} columns, in storage order. Keys are never null;
 * values may be. Obtained from {@link Column#asMaps()}.
 */
public final class MapColumn extends ColumnView {
    /** The name of the keys column. */
    public static final String KEY = "key";
    /** The name of the values column. */
    public static final String VALUE = "value";

    private final MapArray map;

    MapColumn(Chunk owner, String name, MapArray map) {
        super(owner, name, map);
        this.map = map;
    }

    /**
     * @param rowIndex a row
     * @return the index in {@link #keys()} and {@link #values()} of its first entry
     */
    public int start(int rowIndex) {
        checkRow(rowIndex);
        return Math.toIntExact(map.start(rowIndex));
    }

    /**
     * @param rowIndex a row
     * @return its number of entries (as stored; null rows usually have 0)
     */
    public int size(int rowIndex) {
        checkRow(rowIndex);
        return Math.toIntExact(map.size(rowIndex));
    }

    /** @return all keys, indexed by {@link #start(int)} */
    public Column keys() {
        ensureOpen();
        return new Column(owner, KEY, map.keys());
    }

    /** @return all values, indexed by {@link #start(int)} */
    public Column values() {
        ensureOpen();
        return new Column(owner, VALUE, map.values());
    }

    /** @return the entries as a list column of {@code struct{key, value}} */
    public ListColumn entries() {
        ensureOpen();
        return new ListColumn(owner, name, map.entries());
    }
}
