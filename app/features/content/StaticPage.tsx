import type { MetaDescriptor } from "@remix-run/node";
import type { ReactNode } from "react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { shop } from "~/lib/shop";

/** The title tag and description shared by the About and policy pages: "{Title} | Kaveri Computers". */
export function staticPageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} | ${shop.name}` }, { name: "description", content: description }];
}

type StaticPageProps = {
  title: string;
  /** A short lead paragraph shown under the heading. */
  intro?: ReactNode;
  children: ReactNode;
};

/** Layout for the text pages (About Us and the policies): breadcrumb, heading and a readable article body. */
export function StaticPage({ title, intro, children }: StaticPageProps) {
  return (
    <div className="container page static-page">
      <Breadcrumbs current={title} />
      <article className="static-article" aria-labelledby="static-page-title">
        <header className="static-header">
          <h1 id="static-page-title">{title}</h1>
          {intro ? <p className="static-intro">{intro}</p> : null}
        </header>
        <div className="static-body">{children}</div>
      </article>
    </div>
  );
}
