import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { BrandMark } from "#app/components/marketing/brand-mark.tsx";
import { Icon } from "#app/components/icon.tsx";
import { MOBILE_MENU_LABELS, PRIMARY_NAV } from "#app/content/navigation.ts";
import { BRAND_NAME, NAVBAR_SCROLL_THRESHOLD_PX } from "#app/content/site.ts";
import classes from "./site-header.module.css";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${classes.link} ${classes.active}` : classes.link;

/**
 * The fixed top navigation. The dropdown and the mobile menu are native
 * `<details>` elements, so they open by keyboard and work before (or without)
 * hydration; JavaScript only adds the scroll styling and closes them on
 * navigation, outside clicks and Escape.
 */
export function SiteHeader() {
  const location = useLocation();
  const header = useRef<HTMLElement>(null);
  const agentsMenu = useRef<HTMLDetailsElement>(null);
  const mobileMenu = useRef<HTMLDetailsElement>(null);

  // Writes the attribute directly: the scroll position is not React state, and
  // re-rendering the whole header on every scroll event would be wasted work.
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    element.dataset.hydrated = "true";
    const update = () => {
      element.dataset.scrolled = String(
        window.scrollY > NAVBAR_SCROLL_THRESHOLD_PX,
      );
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // location.key changes on every navigation, including to the same path.
  // Not on the first run: that is hydration, and a menu the visitor opened
  // before the scripts arrived must stay open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    for (const menu of [agentsMenu.current, mobileMenu.current]) {
      if (menu) menu.open = false;
    }
  }, [location.key]);

  useEffect(() => {
    const menus = () =>
      [agentsMenu.current, mobileMenu.current].filter(
        (menu): menu is HTMLDetailsElement => Boolean(menu?.open),
      );
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of menus()) {
        if (!menu.contains(event.target as Node)) menu.open = false;
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of menus()) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  const onAgentsPage = location.pathname.startsWith("/agents/");
  // Both navigations list these; one element serves both.
  const homeLink = (
    <li>
      <NavLink to={PRIMARY_NAV.home.to} end className={navLinkClass}>
        {PRIMARY_NAV.home.label}
      </NavLink>
    </li>
  );
  const linksAfterAgents = PRIMARY_NAV.after.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} className={navLinkClass}>
        {item.label}
      </NavLink>
    </li>
  ));

  return (
    <>
      <header className={classes.header} ref={header} data-scrolled="false">
        <div className={classes.inner}>
          <Link to="/" className={classes.brand}>
            <BrandMark size={32} />
            <span>{BRAND_NAME}</span>
          </Link>

          <nav aria-label="Main" className={classes.desktopNav}>
            <ul className={classes.list}>
              {homeLink}
              <li>
                <details ref={agentsMenu} className={classes.dropdown}>
                  <summary
                    className={
                      onAgentsPage
                        ? `${classes.link} ${classes.active}`
                        : classes.link
                    }
                  >
                    {PRIMARY_NAV.agentsMenuLabel}
                    <Icon
                      name="chevron-down"
                      size={16}
                      className={classes.chevron}
                    />
                  </summary>
                  <ul className={classes.dropdownPanel}>
                    {PRIMARY_NAV.agents.map((agent) => (
                      <li key={agent.to}>
                        <NavLink to={agent.to} className={classes.dropdownLink}>
                          <span className={classes.agentName}>
                            {agent.label}
                          </span>
                          <span className={classes.agentRole}>
                            {agent.role}
                          </span>
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
              {linksAfterAgents}
            </ul>
            <Link to={PRIMARY_NAV.requestDemo.to} className={classes.cta}>
              {PRIMARY_NAV.requestDemo.label}
            </Link>
          </nav>

          <details ref={mobileMenu} className={classes.mobileMenu}>
            <summary className={classes.toggle}>
              <span className={`visually-hidden ${classes.openLabel}`}>
                {MOBILE_MENU_LABELS.open}
              </span>
              <span className={`visually-hidden ${classes.closeLabel}`}>
                {MOBILE_MENU_LABELS.close}
              </span>
              <Icon name="menu" size={24} className={classes.openIcon} />
              <Icon name="x" size={24} className={classes.closeIcon} />
            </summary>
            <nav aria-label="Main" className={classes.mobilePanel}>
              <ul className={classes.mobileList}>
                {homeLink}
                <li>
                  <p className={classes.groupLabel} id="mobile-agents-label">
                    {PRIMARY_NAV.agentsMenuLabel}
                  </p>
                  <ul
                    className={classes.mobileGroup}
                    aria-labelledby="mobile-agents-label"
                  >
                    {PRIMARY_NAV.agents.map((agent) => (
                      <li key={agent.to}>
                        <NavLink to={agent.to} className={navLinkClass}>
                          {agent.label}
                          <span className={classes.agentRole}>
                            {" "}
                            · {agent.role}
                          </span>
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
                {linksAfterAgents}
              </ul>
              <Link
                to={PRIMARY_NAV.requestDemo.to}
                className={`${classes.cta} ${classes.mobileCta}`}
              >
                {PRIMARY_NAV.requestDemo.label}
              </Link>
            </nav>
          </details>
        </div>
      </header>
      {/* Holds the header's height in the flow, so content starts below it. */}
      <div className={classes.spacer} aria-hidden="true" />
    </>
  );
}
