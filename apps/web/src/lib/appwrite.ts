import { Account, Client, Databases } from 'appwrite'
import { readProjectId } from './project-id'

function createClient(): Client {
  const meta = document.querySelector('meta[name="parsedesk-project"]')
  return new Client()
    .setEndpoint(`${window.location.origin}/v1`)
    .setProject(readProjectId(meta?.getAttribute('content')))
}

/** Same origin as the app: the server serves both the SPA and the API. */
export const client = createClient()
export const account = new Account(client)
export const databases = new Databases(client)
