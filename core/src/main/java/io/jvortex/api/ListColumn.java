package io.jvortex.api;

import io.jvortex.array.Canonical;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;

/**
 * A list column (variable-size lists, list views or fixed-size lists): row {@code i} is
 * {@code elements()[start(i), start(i) + size(i))}. Obtained from {@link Column#asLists()}.
 */
public final class ListColumn extends ColumnView {
    /** The name of the element column. */
    public static final String ELEMENT = "element";

    private final ListArray list;
    private final ListViewArray listView;
    private final FixedSizeListArray fixed;

    ListColumn(Chunk owner, String name, Canonical array) {
        super(owner, name, array);
        this.list = array instanceof ListArray l ? l : null;
        this.listView = array instanceof ListViewArray l ? l : null;
        this.fixed = array instanceof FixedSizeListArray f ? f : null;
        if (list == null && listView == null && fixed == null) {
            throw new IllegalArgumentException("not a list array: " + array.dtype().display());
        }
    }

    /**
     * @param rowIndex a row
     * @return the index in {@link #elements()} of its first element
     */
    public int start(int rowIndex) {
        checkRow(rowIndex);
        long start = list != null ? list.start(rowIndex)
                : listView != null ? listView.start(rowIndex)
                : (long) rowIndex * fixed.dtype().size();
        return Math.toIntExact(start);
    }

    /**
     * @param rowIndex a row
     * @return its number of elements (as stored; null rows usually have 0)
     */
    public int size(int rowIndex) {
        checkRow(rowIndex);
        long n = list != null ? list.size(rowIndex)
                : listView != null ? listView.size(rowIndex)
                : fixed.dtype().size();
        return Math.toIntExact(n);
    }

    /** @return all elements, indexed by {@link #start(int)} */
    public Column elements() {
        ensureOpen();
        return new Column(owner, ELEMENT, elementArray());
    }

    /**
     * @param rowIndex a row
     * @return the elements of that row as their own column (zero-copy slice; empty for rows of size 0)
     */
    public Column get(int rowIndex) {
        int start = start(rowIndex);
        int n = size(rowIndex);
        return new Column(owner, ELEMENT, elementArray().slice(start, n));
    }

    private Canonical elementArray() {
        return list != null ? list.elements() : listView != null ? listView.elements() : fixed.elements();
    }
}
