/**
 * The canonical (decoded) array forms every encoding decodes to, and validity. These are the
 * physical vectors behind the public column views.
 */
package io.jvortex.array;
