/**
 * Wording of phishing and of unsolicited sales, in English and the six other languages the analysis reads.
 * Written for issue 28 from knowledge of such mail (2026-11-28), after the spam test mails
 * (fixtures/analysis/spam-test-emails.json) and by the same hand, so those mails are a friendly test.
 * A customer writes about their own account in the past ("my account was locked"); phishing threatens what
 * will happen and asks for a click or a password, so a threat counts only beside such a request.
 */

// Words only, so a phrase matches whole words in every language (JavaScript's \b knows no accents).
const phrases = (list: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${list
      .trim()
      .split(/\s*\n\s*/)
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  )

/** What will happen unless the reader acts: a full mailbox, a password expiring, an account closing. Two points. */
export const PHISHING_THREAT = phrases(`
  (?:your )?mailbox (?:is (?:almost |nearly )?full|has exceeded (?:its|the) (?:storage )?(?:limit|quota))
  (?:has )?exceeded (?:its|the|your) (?:storage|mailbox) (?:limit|quota)
  (?:your )?password (?:expires|will expire|has expired)
  (?:your )?account (?:will|would) be (?:suspended|locked|blocked|deactivated|disabled|closed|deleted)
  (?:to )?avoid (?:suspension|deactivation|account closure)
  stop receiving (?:new |incoming )?(?:messages|e-?mails)
  postfach (?:ist (?:fast )?voll|hat das speicherlimit)
  speicherlimit (?:überschritten|erreicht)
  (?:passwort|kennwort) läuft (?:heute )?ab
  konto wird [^.\n]{0,40}(?:gesperrt|deaktiviert|geschlossen|gelöscht)
  (?:boîte (?:aux lettres|mail|de réception)) est (?:presque )?pleine
  mot de passe expire
  compte sera (?:suspendu|bloqué|désactivé|fermé|supprimé)
  cuenta será (?:bloqueada|suspendida|desactivada|cancelada|eliminada)
  buzón (?:está|de correo está) lleno
  contraseña (?:caduca|expira|ha caducado)
  conta será (?:desativada|bloqueada|suspensa|cancelada|excluída)
  caixa de (?:correio|entrada) (?:está|ficou) cheia
  senha (?:expira|vai expirar|expirou)
  (?:para )?evitar a negativação
  account verrà (?:sospeso|bloccato|disattivato|chiuso|eliminato)
  casella (?:di posta )?è piena
  password scade
  (?:wachtwoord|account) (?:verloopt|wordt [^.\n]{0,30}(?:geblokkeerd|gedeactiveerd|verwijderd))
  mailbox (?:is vol|wordt [^.\n]{0,30}geblokkeerd)
  wordt uw (?:mailbox|account) [^.\n]{0,30}geblokkeerd
`)

/** What phishing asks for: a click on its link, a log-in, a confirmation of the account. One point. */
export const PHISHING_REQUEST = phrases(`
  click(?:ing)? (?:on )?the (?:link|button) below
  click(?:ing)? (?:on )?the following link
  (?:verify|confirm|validate) your (?:account|identity|mailbox|details)
  log in with your (?:current )?password
  klicken sie auf (?:den|diesen) (?:folgenden |untenstehenden )?link
  (?:ihr konto|ihre identität) zu (?:verifizieren|bestätigen)
  melden sie sich mit ihrem passwort an
  en cliquant sur le lien
  (?:cliquez|cliquer) sur le lien ci-dessous
  (?:confirmer|vérifier) votre (?:compte|identité)
  haciendo clic en el (?:siguiente )?enlace
  (?:haga|hacer) clic en el (?:siguiente )?enlace
  verifique su (?:cuenta|identidad)
  introduzca su contraseña
  clique no link (?:abaixo|a seguir)
  (?:verificar|confirmar) (?:sua|a sua) (?:conta|identidade)
  baixe o boleto
  clicca sul link (?:qui sotto|seguente)
  verificare il tuo account
  accedi con la tua password
  klik op de (?:onderstaande )?link
  uw account te (?:bevestigen|verifiëren)
`)

/** Unsolicited sales, prizes, investment offers and webinar invitations beyond the English ones. One point. */
export const SALES_PITCH = phrases(String.raw`
  first page of (?:google|search results)
  (?:affordable|cheap) seo
  free (?:seo )?audit
  more leads
  (?:ersten seite|première page|primera página|primeira página|prima pagina|eerste pagina)(?: [\p{L}]+){0,2} google
  suchmaschinenoptimierung
  référencement (?:naturel|seo)
  posicionamiento (?:seo|web)
  zoekmachineoptimalisatie
  posizionamento seo
  (?:serviços|servicios) de seo
  app-entwicklung
  développement d'applications
  desarrollo de aplicaciones
  desenvolvimento de aplicativos
  sviluppo di app
  app-ontwikkeling
  unsere agentur
  notre agence
  nuestra agencia
  nossa agência
  agenzia specializzata
  ons bureau
  unverbindliches angebot
  (?:proposta|orçamento) sem compromisso
  preventivo gratuito
  vrijblijvende offerte
  devis gratuit
  artículo patrocinado
  article sponsorisé
  vendemos bases de datos
  sie wurden ausgewählt
  vous avez été sélectionnée?
  ha sido seleccionad[oa]
  você foi selecionad[oa]
  sei stat[oa] selezionat[oa]
  u bent geselecteerd
  herzlichen glückwunsch
  félicitations
  enhorabuena
  parabéns
  congratulazioni
  gefeliciteerd
  kostenlos(?:en|es) webinar
  webinar gratuit
  webinar gratuito
  gratis webinar
  free webinar
  (?:die )?plätze sind begrenzt
  i posti sono limitati
  plazas limitadas
  (?:offre|oferta|offerta) (?:limitée|por tiempo limitado|limitata)
  aanbieding is beperkt
  jetzt anmelden
  iscriviti subito
  regístrese hoy
  inscrivez-vous
  no deje pasar esta oportunidad
  mis deze kans niet
  ne manquez pas
  non perdere
  don't miss this opportunity
  claim your reward
  welkomstbonus
  bono de bienvenida
  willkommensbonus
  krypto(?:währung)?
  criptomonedas
  criptomoedas
  beleggingskans in crypto
  crypto bonus
  gane (?:hasta )?[\d.,]* ?(?:euros|dinero)
  ganhe dinheiro
`)
