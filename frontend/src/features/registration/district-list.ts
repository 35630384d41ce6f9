/**
 * The district field's list, fetched by the form after its first paint. A module of its own: importing
 * shared/districts dynamically where other pages import it statically would make the bundler add a module
 * runtime chunk to every page.
 */
export { OTHER_NAMES, UP_DISTRICTS } from '@shared/districts';
